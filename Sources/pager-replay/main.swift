print("pager-replay: not yet")
