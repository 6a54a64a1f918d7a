print("fourway: not yet")
