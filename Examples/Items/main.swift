print("items")
