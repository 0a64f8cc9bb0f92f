// The public entry of the web feature circle (the family circle, decision 0036): what other
// features may use of it. The invitation page is not here: the router loads it lazily.

export {
  circleQueryKey,
  useCancelInvitation,
  useCircle,
  useInvite,
  useLeaveCircle,
  useNotificationSettings,
  useRemoveMember,
  useSetMemberRole,
  useSetNotification,
} from './api/circle-api';
