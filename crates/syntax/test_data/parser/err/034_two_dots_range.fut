-- a range with '..' but no final '...', '..<' or '..>' part
def nums = 0..5

def after = 34
