// Async boundary: shared singletons (React, router, ui) must be negotiated before any of them runs.
import('./bootstrap');
