print("search: not built yet")
