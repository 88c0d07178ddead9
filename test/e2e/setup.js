'use strict';
/** Where e2e test files keep their n8n user folders: <repo>/.e2e/<file>-<pid> (.e2e/ is git-ignored). */
const path = require('path');

const E2E_DIR = path.resolve(__dirname, '..', '..', '.e2e');

module.exports = { E2E_DIR };
