import { defineOracle } from './oracle.cjs';

defineOracle(2, 3);
