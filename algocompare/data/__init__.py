"""The Results model, readers, bundled datasets and the simulation model."""

from algocompare.data.datasets import list_datasets, load_dataset
from algocompare.data.io import read, read_frame
from algocompare.data.results import Results
from algocompare.data.simulate import Simulation, simulate_runs

__all__ = ["Results", "read", "read_frame", "load_dataset", "list_datasets", "simulate_runs", "Simulation"]
