// Async boundary: shared singletons must be negotiated before React runs.
import('./bootstrap');
