import { useState } from 'react';
import type { UploadState } from './step-upload.js';

/** The experiment's PDF and what is wrong with it: one piece of state the upload step, the save and the report fill share. */
export function useUploadField(storedFilename: string | null) {
  const [upload, setUpload] = useState<UploadState>({ file: null, storedFilename, rejections: [] });
  const [uploadError, setUploadError] = useState<string>();
  return { upload, setUpload, uploadError, setUploadError };
}

export type UploadField = ReturnType<typeof useUploadField>;
