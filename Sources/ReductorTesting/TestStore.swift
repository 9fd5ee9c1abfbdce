import Reductor
