print("rxtrace")
