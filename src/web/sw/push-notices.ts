/// <reference lib="webworker" />
// Push notices (decision 0044): the worker shows what a push says and opens its page when tapped.
import { installPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope;

installPushHandlers(self);
