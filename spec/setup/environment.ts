// The specs run tilefall as a user would, with the environment they are given: a variable a
// developer has set for their own queue must not reach the specs' own Redis servers.
delete process.env.TILEFALL_REDIS_PASSWORD;
