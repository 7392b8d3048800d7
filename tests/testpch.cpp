// Carries the tests' precompiled header; it defines nothing.
