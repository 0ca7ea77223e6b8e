/** What other modules may use of the auth module (decision 004): everything else is its own. */
export { issueLoginLink, sendPasswordSetupLink } from './service';
