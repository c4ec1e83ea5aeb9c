-- unclosed curly brace in a record literal
def point = {x = 1, y = 2

def after = 5
