import { runBareChild } from './bare-server.js';

/** Entry of the bare server's own process (forked by startBareServer). */
runBareChild();
