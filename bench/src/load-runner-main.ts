import { runLoadRunnerChild } from './load-runner.js';

/** Entry of the load generator's own process (forked by startLoadRunner). */
runLoadRunnerChild();
