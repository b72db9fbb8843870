/** The public's reports: "report a problem" on a location's detail, and a report's status page. */
export { ReportProblem } from './ReportProblem';
export { ReportStatusPage } from './ReportStatusPage';
