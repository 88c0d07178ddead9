import { defineOracle } from './oracle.cjs';

defineOracle(0, 3);
