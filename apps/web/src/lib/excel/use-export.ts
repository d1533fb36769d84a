import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../components/upload-field';
import { type DownloadedFile, type DownloadProgress, isApiError, saveFile } from '../api';

type Running = { key: string; received: number };

export type ExportRun = {
  /** Which of several exports of a page this is (a channel's id); one runs at a time. */
  key?: string;
  /** The server's file: `(onProgress) => api.download(…, { onProgress })`. */
  download: (onProgress: (progress: DownloadProgress) => void) => Promise<DownloadedFile>;
  /** The toast once the file is saved, already translated. */
  done: string;
};

/**
 * A server export as the user meets it, the same on every page: while the file streams in the
 * control waits and says how much has arrived (`progress`), the file is then saved and one toast
 * confirms it; a failure is one error toast, a cancel says nothing. One export runs at a time, as
 * the server allows each user (EXPORTS_PER_USER).
 */
export const useExport = () => {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [running, setRunning] = useState<Running | null>(null);

  const run = async ({ key = '', download, done }: ExportRun) => {
    setRunning({ key, received: 0 });
    try {
      saveFile(await download(({ loaded }) => setRunning({ key, received: loaded })));
      enqueueSnackbar(done, { variant: 'success' });
    } catch (error) {
      if (!(isApiError(error) && error.canceled))
        enqueueSnackbar(error instanceof Error ? error.message : t('errors:INTERNAL_ERROR'), {
          variant: 'error',
        });
    } finally {
      setRunning(null);
    }
  };

  return {
    run,
    busy: running !== null,
    /** The key of the export under way. */
    running: running?.key,
    /** 'İndiriliyor… 1,2 MB' while an export streams in. */
    progress: running
      ? t('common:download.progress', { size: formatBytes(running.received, i18n.language) })
      : undefined,
  };
};
