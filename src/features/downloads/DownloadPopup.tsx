/** The download popup (docs/product.md §2): the ways to get the app, in a bottom sheet. */
import { Sheet } from '../../ui/Sheet.tsx';
import { useT } from '../../ui/useT.ts';
import { DownloadList, type DownloadListProps } from './DownloadList.tsx';

export interface DownloadPopupProps extends DownloadListProps {
  open: boolean;
  onClose: () => void;
}

export function DownloadPopup({ open, onClose, onTake }: DownloadPopupProps) {
  const { t, dir } = useT();
  return (
    <Sheet open={open} onClose={onClose} title={t('download_popup.title')} closeLabel={t('download_popup.close')} dir={dir}>
      <div className="body" part="body">
        <DownloadList onTake={onTake} />
      </div>
    </Sheet>
  );
}
