import { Notifications } from '@mantine/notifications';

/** Where messages show: top right, over dialogs. */
export const NotificationsHost = () => <Notifications position="top-right" zIndex={1000} />;
