/** What other modules may use of the users module (decision 004): everything else is its own. */
export {
  assertAvailable,
  assertCurrentPassword,
  assertNewPassword,
  changeOwnPassword,
  duplicateAsConflict,
  insertAccount,
  sendVerificationMail,
} from './accounts';
export {
  changeAccount,
  changeAccountStatus,
  changeCreatorProfile,
  countFollowers,
  insertPasswordlessAccount,
  openCreatorProfile,
} from './changes';
export { anonymiseAccount } from './closing';
export { cancelEmailChange, confirmEmailChange, emailSetByAdmin, requestEmailChange, undoEmailChange } from './email-change';
export { signUpsByDay } from './figures';
export { accountPresence } from './presence';
export { avatarOf, coverOf, publicUsersById, toPublicUser } from './presenter';
export { pointProfileImage, replaceProfileImage } from './profile-images';
export { findByEmail, findById, findByLogin, findByUsernames, findProfile, takenFields, type UserRow } from './repo';
export { mailSecurityChange, type SecurityChange } from './security-mail';
export { currentUser } from './service';
