// No async boundary: the shell bundles every module it shares (React, the router, the design system,
// the session) into this entry as eager shared modules, so it can start at once, one request earlier.
import './bootstrap.js';
