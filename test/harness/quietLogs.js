// n8n-core logs every node error it sees through its own logger; the tests assert on those errors instead.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
