"""What the tests and the benchmarks share: child processes on free ports, the fuzz's frames, the
durability harness. Neither imports the other; both import this."""
