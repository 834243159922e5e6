import { runMain } from './main';

void runMain();
