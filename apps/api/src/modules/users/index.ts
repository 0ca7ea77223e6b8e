/** What other modules may use of the users module (decision 004): everything else is its own. */
export {
  assertAvailable,
  assertCurrentPassword,
  assertNewPassword,
  changeAccount,
  changeOwnPassword,
  duplicateAsConflict,
  insertAccount,
  insertPasswordlessAccount,
  sendVerificationMail,
} from './accounts';
export { cancelEmailChange, confirmEmailChange, emailSetByAdmin, requestEmailChange, undoEmailChange } from './email-change';
export { accountPresence } from './presence';
export { avatarOf, coverOf, publicUsersById, toPublicUser } from './presenter';
export { pointProfileImage, replaceProfileImage } from './profile-images';
export {
  anonymiseAccount,
  changeAccountStatus,
  changeCreatorProfile,
  countFollowers,
  findByEmail,
  findById,
  findByLogin,
  findByUsernames,
  findProfile,
  openCreatorProfile,
  signUpsByDay,
  takenFields,
  type UserRow,
} from './repo';
export { mailSecurityChange, type SecurityChange } from './security-mail';
export { currentUser } from './service';
