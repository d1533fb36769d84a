import { useCallback, useState } from 'react';
import type { UploadProgress } from '../../lib/api';

/** The percent of a running `api.upload`, for the field's progress bar; undefined when idle. */
export const useUploadProgress = () => {
  const [percent, setPercent] = useState<number>();
  const onProgress = useCallback((progress: UploadProgress) => setPercent(progress.percent), []);
  const reset = useCallback(() => setPercent(undefined), []);
  return { percent, onProgress, reset };
};
