/** The staff console's public face: loaded only at /staff (its own chunk). */
export const loadStaffConsole = () => import('./StaffConsole');
