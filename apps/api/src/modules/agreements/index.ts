/** What other modules may use of the agreements module (decision 004). */
export { type AgreementMeta, pendingAgreements, recordAgreements } from './service';
