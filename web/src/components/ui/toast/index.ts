export { toast, dismissToast, dismissAllToasts, toastsFollowNavigation, type ToastInput } from './toast-store';
export { Toaster } from './toaster';
