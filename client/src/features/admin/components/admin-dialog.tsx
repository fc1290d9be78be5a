// The admin's dialogs are the app's one dialog, under the name the admin panel knows them by.
export { Dialog as AdminDialog, DialogActions } from '@/components/ui/dialog';
