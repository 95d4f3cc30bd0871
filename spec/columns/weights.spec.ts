import * as weights from '../../lib/columns/weights.js';
import { describeWeightsContract } from '../support/weights-contract.js';

describeWeightsContract(weights);
