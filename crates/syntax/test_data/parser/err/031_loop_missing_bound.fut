-- for-loop with '<' but no upper bound
def count = loop acc = 0 for i < do acc + i

def after = 31
