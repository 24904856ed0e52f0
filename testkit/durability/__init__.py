"""The kill -9 harness: players who remember what they saw, a server killed and restarted, a store audited."""
