print("arti")
