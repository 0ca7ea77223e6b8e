/** What other modules may use of the media module (decision 004): everything else is its own. */
export { type FileRow, findFile, presentMediaFile, storedKeys } from './files';
export { keepUpload, queueProcessing } from './processing';
export { replaceProfileImage } from './service';
export { saveImageFile, type UploadKind, uploadMedia, VIDEO_UPLOAD } from './uploads';
