"""The front desk: tournament queues, groups of friends, quick rooms (requests, the actor, its link)."""
