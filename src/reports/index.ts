/** The public's reports: "report a problem" on a location's detail, and a report's status page. */
export { ReportProblem } from './ReportProblem';
/** A report's status page, loaded only at its own address (`/reports/{id}`). */
export const loadReportStatusPage = () => import('./ReportStatusPage');
