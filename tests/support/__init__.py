"""What the tests share besides conftest.py: fixtures as modules, fuzzing, simulators, a headless browser."""
