-- parameter with ':' but no type
def f (x: ) = x

def after = 35
