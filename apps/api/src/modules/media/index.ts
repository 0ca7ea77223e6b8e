/** What other modules may use of the media module (decision 004): everything else is its own. */
export { type FileRow, presentMediaFile, removeStored, storedKeys } from './files';
export { holdIfReupload, MAX_DISTANCE, rememberRemovedImages } from './phash';
export { type KeptUpload, keepUpload, queueProcessing } from './processing';
export { deleteFileRecordByKey, deleteFileRecords, findFile } from './repo';
export { type ProfileImageKind, saveProfileImage } from './service';
export {
  DOWNLOAD_UPLOAD,
  type KeptDownload,
  keepDownload,
  saveDownloadFile,
  saveImageFile,
  type UploadKind,
  uploadMedia,
  uploadMediaWithFields,
  VIDEO_UPLOAD,
} from './uploads';
