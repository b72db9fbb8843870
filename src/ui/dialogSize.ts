/** The detail and list dialogs are 40% of the window wide and 80% high; full screen on phones. */
export const DIALOG_WIDTH = '40vw';
