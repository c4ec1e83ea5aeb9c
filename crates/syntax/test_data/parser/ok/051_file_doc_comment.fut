-- | This comment documents the whole file.

-- | And this one documents the first declaration.
def first = 1

def second = 2
