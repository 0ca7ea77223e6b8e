/** What other modules may use of the users module (decision 004): everything else is its own. */
export { assertAvailable, duplicateAsConflict, insertAccount, sendVerificationMail } from './accounts';
export { avatarOf, coverOf, publicUsersById, toPublicUser } from './presenter';
export { findByEmail, findById, findByLogin, takenFields, type UserRow } from './repo';
export { currentUser } from './service';
