import { defineOracle } from './oracle.cjs';

defineOracle(1, 3);
