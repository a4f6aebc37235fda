import { lazyComponent } from './lazy-component';

/** ConfirmModal from its own chunk: only those who may delete something ever see it. */
export const ConfirmModal = lazyComponent(() => import('./confirm-modal'), 'ConfirmModal');
