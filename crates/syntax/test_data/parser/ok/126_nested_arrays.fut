-- Multi-dimensional array literals.
def matrix = [[1, 2, 3], [4, 5, 6]]
def cube = [[[1], [2]], [[3], [4]]]
def tuples = [(1, 'a'), (2, 'b')]
def records = [{k = 1, v = 2.0}, {k = 2, v = 4.0}]
