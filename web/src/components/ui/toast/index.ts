export { toast, dismissToast, type ToastInput } from './toast-store';
export { Toaster } from './toaster';
