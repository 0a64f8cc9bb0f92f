// The service worker (built by vite-plugin-pwa's injectManifest from this file): each concern is a
// module of its own, imported here. A new concern (a `push` handler) is one more module and one
// more import line; each module adds its own listeners to the worker's global scope.
import './app-shell';
import './updates';
import './push-notices';
